// Fetches the app's scripts at once (modulepreload: parallel downloads) and runs them one module
// group per task, dependencies first (the order comes from the build, decision 011). Importing
// the entry alone would evaluate React, react-dom, Vike and the page in one task of ~100 ms on a
// slow phone, and input waits for the whole of it; between these imports the browser can handle
// a tap or paint a frame.

/** Lets the browser run other tasks (input, rendering) before the next module group. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

export async function loadApp(doc: Document, entry: string, scripts: readonly string[]): Promise<void> {
  for (const href of scripts) {
    const link = doc.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    doc.head.append(link)
  }
  for (const href of scripts) {
    await import(/* @vite-ignore */ href)
    await nextTask()
  }
  await import(/* @vite-ignore */ entry)
}
