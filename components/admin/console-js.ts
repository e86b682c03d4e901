// The console's script, served at /admin/assets/console.js: plain DOM, no framework. Every page
// works without it; it adds a copy button beside a secret shown once, moves focus to the outcome
// of the last action, asks before a destructive post, and redraws a gate's preview as its theme
// is typed (the server draws it; the Preview button does the same without JavaScript).
export const CONSOLE_JS = `(() => {
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
  for (const form of document.querySelectorAll('form[data-confirm]')) {
    form.addEventListener('submit', (event) => {
      if (!window.confirm(form.getAttribute('data-confirm'))) event.preventDefault()
    })
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
})()
`
