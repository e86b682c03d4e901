export default 'Your application for retailer access is stored: what happens next.'
