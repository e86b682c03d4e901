/** The id of the head element that carries the site config to the browser (renderer/+Head.tsx). */
export const SITE_CONFIG_ELEMENT_ID = 'site-config'
