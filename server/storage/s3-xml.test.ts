import { describe, expect, it } from 'vitest'
import { deleteRequest, readDeleteErrors, readError, readListing } from './s3-xml.server.ts'

describe('the XML of S3', () => {
  it('reads a listing: keys unescaped, ETags bare, folders as prefixes, the next page', () => {
    const page = readListing(
      '<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>true</IsTruncated>' +
        '<NextContinuationToken>1/x+y=</NextContinuationToken>' +
        '<Contents><Key>a&amp;b&lt;c&gt;&#x27;s&quot;.txt</Key><Size>12</Size>' +
        '<LastModified>2026-11-30T05:40:09.000Z</LastModified><ETag>&quot;9dd4&quot;</ETag></Contents>' +
        '<Contents><Key>007</Key><Size>0</Size></Contents>' +
        '<CommonPrefixes><Prefix>sub/</Prefix></CommonPrefixes></ListBucketResult>',
    )
    expect(page.next).toBe('1/x+y=')
    expect(page.items).toEqual([
      { prefix: 'sub/', size: 0 },
      { name: `a&b<c>'s".txt`, size: 12, lastModified: new Date('2026-11-30T05:40:09.000Z'), etag: '9dd4' },
      { name: '007', size: 0, lastModified: undefined, etag: '' },
    ])
    expect(readListing('<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>')).toEqual({
      items: [],
      next: undefined,
    })
  })

  it('reads an error body, and nothing from a body that is not one', () => {
    expect(
      readError('<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>'),
    ).toEqual({ code: 'NoSuchKey', message: 'The specified key does not exist.' })
    expect(readError('<html><body>502 Bad Gateway</body></html>')).toEqual({ code: '', message: '' })
    expect(readError('')).toEqual({ code: '', message: '' })
  })

  it('writes a batch delete with its keys escaped, and reads what it could not delete', () => {
    const body = deleteRequest(['a&b', '<c>'])
    expect(body).toContain('<Key>a&amp;b</Key>')
    expect(body).toContain('<Key>&lt;c&gt;</Key>')
    expect(body).toContain('<Quiet>true</Quiet>')
    expect(readDeleteErrors('<DeleteResult></DeleteResult>')).toBeUndefined()
    expect(
      readDeleteErrors(
        '<DeleteResult><Error><Key>x</Key><Code>AccessDenied</Code><Message>no</Message></Error></DeleteResult>',
      ),
    ).toEqual({ key: 'x', code: 'AccessDenied', message: 'no' })
  })
})
