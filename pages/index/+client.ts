import '../../renderer/html-only-client.ts'
import '../../components/home/home-client.ts'
