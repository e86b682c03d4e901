export default 'Open the docket — RM5'
