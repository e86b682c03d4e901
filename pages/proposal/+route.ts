export default '/circlek/proposal'
