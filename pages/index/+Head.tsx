import { HomeHead } from '../../components/home/HomeHead'

export default HomeHead
