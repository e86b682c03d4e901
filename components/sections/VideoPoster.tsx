/** A still in a 16:9 frame: the stand-in for a video until the media component replaces it. */
export function VideoPoster({ src, alt, label }: { src: string; alt: string; label: string }) {
  return (
    <figure className="video-poster">
      <img src={src} alt={alt} width={960} height={540} loading="lazy" decoding="async" />
      <figcaption className="video-poster__label">{label}</figcaption>
    </figure>
  )
}
