// The console's script, served at /admin/assets/console.js: plain DOM, no framework. Every page
// works without it; it adds a copy button beside a secret shown once, moves focus to the outcome
// of the last action, scrolls a phone's menu to the current page, asks before a destructive post, redraws a gate's preview as its theme is
// typed (the server draws it; the Preview button does the same without JavaScript), and sends an
// upload form by XHR to show its progress (the answer, a page, replaces the one shown: the same
// page a plain post gets, and Back leads to the page before it).
export const CONSOLE_JS = `(() => {
  const enhance = () => {
  for (const button of document.querySelectorAll('[data-copy]')) {
    const source = document.getElementById(button.getAttribute('data-copy'))
    if (!source || !navigator.clipboard) continue
    button.hidden = false
    button.addEventListener('click', async () => {
      await navigator.clipboard.writeText(source.textContent.trim())
      button.textContent = 'Copied'
    })
  }
  const notice = document.querySelector('.notice[tabindex]')
  if (notice) notice.focus()
  // A phone's menu is one row that scrolls sideways: the current page's link is brought to its middle.
  const menu = document.querySelector('.console-nav ul')
  const current = menu && menu.querySelector('[aria-current="page"]')
  if (current && menu.scrollWidth > menu.clientWidth) {
    menu.scrollLeft = current.parentElement.offsetLeft - (menu.clientWidth - current.offsetWidth) / 2
  }
  // Which end of the row has links out of view: the stylesheet fades that side.
  if (menu) {
    const edge = () => {
      const end = menu.scrollWidth - menu.clientWidth
      menu.dataset.scrolled = menu.scrollLeft < 1 ? 'start' : menu.scrollLeft > end - 1 ? 'end' : 'middle'
    }
    menu.addEventListener('scroll', edge, { passive: true })
    edge()
  }
  for (const form of document.querySelectorAll('form[data-preview-form]')) {
    const image = document.getElementById(form.getAttribute('data-preview-form'))
    if (!image) continue
    let timer
    form.addEventListener('input', () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        const query = new URLSearchParams()
        for (const name of ['name', 'tint', 'ink', 'monogram', 'audience']) {
          query.set(name, form.elements[name].value)
        }
        if (form.elements.open.checked) query.set('open', 'on')
        image.src = '/admin/partners/preview.svg?' + query
        image.alt = 'The ' + (form.elements.name.value || 'partner') + ' gate, as typed.'
      }, 250)
    })
  }
  for (const form of document.querySelectorAll('form[data-upload]')) upload(form)
  }
  // The address whose page is on screen. An upload's answer replaces the page and adds its address
  // to the history; Back or Forward to another address then loads that address, since the page on
  // screen is not its page (a link to a #fragment keeps the address, and the page).
  let shown = location.pathname + location.search
  window.addEventListener('popstate', () => {
    if (location.pathname + location.search !== shown) location.reload()
  })
  const show = (html, url) => {
    const next = new DOMParser().parseFromString(html, 'text/html')
    document.title = next.title
    document.body.replaceWith(next.body)
    if (url && url !== location.href) history.pushState(null, '', url)
    shown = location.pathname + location.search
    enhance()
  }
  const upload = (form) => {
    const box = form.querySelector('[data-upload-progress]')
    const bar = box && box.querySelector('progress')
    const status = box && box.querySelector('[data-upload-status]')
    const button = form.querySelector('button[type="submit"]')
    if (!box || !bar || !status || !window.XMLHttpRequest) return
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      const xhr = new XMLHttpRequest()
      xhr.open('POST', form.action)
      box.hidden = false
      bar.value = 0
      status.textContent = '0%'
      if (button) button.disabled = true
      let said = 0
      xhr.upload.addEventListener('progress', (progress) => {
        if (!progress.lengthComputable) return
        const percent = Math.floor((progress.loaded / progress.total) * 100)
        bar.value = percent
        // Announced in steps of a quarter, not at every event.
        if (percent === 100 || percent - said >= 25) {
          said = percent
          status.textContent = percent === 100 ? 'Checking the file…' : percent + '%'
        }
      })
      xhr.addEventListener('load', () => show(xhr.responseText, xhr.status < 400 ? xhr.responseURL : ''))
      xhr.addEventListener('error', () => {
        status.textContent = 'The upload failed: check the connection and try again.'
        if (button) button.disabled = false
      })
      xhr.send(new FormData(form))
    })
  }
  enhance()
})()
`
