export default '/docket/documents/@id'
