import '../../components/home/home-client.ts'
