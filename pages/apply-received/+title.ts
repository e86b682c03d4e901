export default 'Application received — RM5'
