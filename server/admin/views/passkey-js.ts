// The passkey buttons' script, served at /admin/assets/passkey.js after the @simplewebauthn/browser
// bundle (/admin/assets/webauthn.js, which defines SimpleWebAuthnBrowser). A button stays hidden
// unless this runs in a browser with WebAuthn, on the origin passkeys are bound to (the page names
// it), so no page shows a button that cannot work; the e-mail link beside it works without any script.
export const PASSKEY_JS = `(() => {
  const lib = window.SimpleWebAuthnBrowser
  if (!lib || !lib.browserSupportsWebAuthn()) return
  const post = async (url, body) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    })
    const json = await response.json().catch(() => ({}))
    if (!response.ok) throw new Error(json.message || 'That did not work. Try again.')
    return json
  }
  const wire = (box, run) => {
    if (box.getAttribute('data-origin') !== window.location.origin) return
    const button = box.querySelector('button')
    const status = box.querySelector('[data-passkey-status]')
    box.hidden = false
    for (const note of document.querySelectorAll('[data-passkey-unsupported]')) note.hidden = true
    button.addEventListener('click', async () => {
      button.disabled = true
      status.textContent = 'Waiting for your passkey…'
      try {
        await run(box)
      } catch (error) {
        // The browser's own "cancelled" needs no alarm; anything else is said as the server put it.
        status.textContent = error && error.name === 'NotAllowedError'
          ? 'No passkey was used. Try again, or sign in by e-mail.'
          : error.message
        button.disabled = false
      }
    })
  }
  const signIn = document.querySelector('[data-passkey-sign-in]')
  if (signIn) wire(signIn, async () => {
    const optionsJSON = await post('/admin/sign-in/passkey/options', {})
    const response = await lib.startAuthentication({ optionsJSON })
    const done = await post('/admin/sign-in/passkey', response)
    window.location.assign(done.location)
  })
  const register = document.querySelector('[data-passkey-register]')
  if (register) wire(register, async (box) => {
    const _csrf = box.getAttribute('data-csrf')
    const optionsJSON = await post('/admin/passkeys/options', { _csrf })
    const response = await lib.startRegistration({ optionsJSON })
    const done = await post('/admin/passkeys', { _csrf, response })
    window.location.assign(done.location)
  })
})()
`
