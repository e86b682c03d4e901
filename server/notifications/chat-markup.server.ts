// Webhook messages go straight into Slack or Teams (docs/operations.md), whose markup reads `<…>`
// as a mention (`<!channel>`, `<@U…>`, Teams' `<at>`) or a link with a label of its own
// (`<https://evil.example|RM5 admin: re-verify>`). Visitors type into the forms whose values
// these messages carry, so every message is escaped as Slack documents: `&`, `<` and `>` as
// entities, after which no mention or link syntax is left. E-mail stays plain text.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' }

export const escapeChatMarkup = (text: string) => text.replace(/[&<>]/g, (char) => ENTITIES[char] as string)
