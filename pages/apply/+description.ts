export default 'Apply to join the rollout: we are onboarding retailers in Austin first, then across Texas and the nation.'
