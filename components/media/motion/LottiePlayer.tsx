import { type LottieHandle, LottieLight } from 'lottie-react'
import { useRef } from 'react'

// Loaded only through a dynamic import (LottieHeader), so lottie never weighs on the first load.
// The light build: SVG only and no expression engine, hence no eval (a strict CSP stays strict).
export default function LottiePlayer({ data, still }: { data: object; still: boolean }) {
  const handle = useRef<LottieHandle>(null)
  return (
    <LottieLight
      src={data}
      autoplay={!still}
      loop={false}
      lottieRef={handle}
      className="lottie-header__player"
      subscriptions={{
        // Reduced motion: show the finished drawing without animating to it.
        ready: () => {
          if (still) handle.current?.seek({ percent: 100 })
        },
        error: ({ error }) => console.error('Header animation failed', error),
      }}
    />
  )
}
