export default '/docket/agreement'
