import { type GateStep, isGateStep } from '../../lib/access.ts'

/** Where the gate's card is: the code, or one of the steps after a code that requires an e-mail. */
export type GateStepView = 'code' | GateStep

export const stepTitles: Record<Exclude<GateStepView, 'code'>, string> = {
  email: 'Enter your work e-mail',
  sent: 'Check your inbox',
  unavailable: 'Links cannot be sent',
}

/** The step a no-JS post came back to (`?step=email`); walmart takes no code and has none. */
export function stepFromQuery(search: Record<string, string>, needsCode: boolean): GateStepView {
  return needsCode && isGateStep(search.step) ? search.step : 'code'
}
