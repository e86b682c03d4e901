import { HomeHead } from '../../components/home/HomeHead.tsx'

export default HomeHead
