export default 'Docket — RM5'
