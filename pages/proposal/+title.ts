export default 'Partnership proposal — RM5'
