export default 'Agreement — RM5'
