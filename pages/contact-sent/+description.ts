export default 'Your message is stored: what happens next.'
