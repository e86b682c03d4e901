export default 'Retailer Access — RM5'
