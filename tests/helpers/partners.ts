// The six gates the migration `…_partners` seeds (decision 035), as the tests know them: the
// original site's partners, in its order. walmart's gate opens with a button and takes no code.
export const seededGates = ['circlek', 'pizzahut', 'walmart', 'compass', 'partner', 'investor'] as const
export const seededCodeGates = seededGates.filter((gate) => gate !== 'walmart')
