// The public API (`/api/v1`): its routes only; it builds on the other modules' index.ts.
export {};
