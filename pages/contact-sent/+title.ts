export default 'Message sent — RM5'
