// The console's only script, served at /admin/assets/console.js: plain DOM, no framework. Every
// page works without it; it adds a copy button beside a secret shown once, moves focus to the
// outcome of the last action, and asks before a destructive post.
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
})()
`
