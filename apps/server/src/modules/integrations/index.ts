// Integrations: the API keys' own routes only; the keys are checked by core/auth/api-keys.ts.
export {};
