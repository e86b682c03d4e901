/** How a viewer is named: the e-mail where the code asks for one, else the code's label. */
export const viewerLabel = (viewer: { email: string | null; codeId: string | null; label: string | null }) =>
  viewer.email ??
  (viewer.codeId ? `${viewer.label ?? 'code'} (${viewer.codeId.slice(0, 8)})` : '(gate, no code)')
