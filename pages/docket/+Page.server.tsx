import { HomePage } from '../../components/home/HomePage'

export default HomePage
