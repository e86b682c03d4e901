// `--email <address>`: one person of the data room, as `rm5 viewers` and `rm5 codes deny` name them.
import { Option } from 'commander'
import { email } from '../../lib/forms/fields.ts'
import { zodParser } from './cli-options.ts'

export const emailOption = () =>
  new Option('--email <address>', "The viewer's address (any letter case)").argParser(
    zodParser(email(), 'Use an e-mail address.'),
  )
