import '../../components/home/home-client'
