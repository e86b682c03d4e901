/** S3 quotes ETags in headers and listings; the site's S3 client hands them out bare, as minio did. */
export const unquote = (etag: string) => etag.replace(/^"|"$/g, '')
