// Runs once before all test files. Prepares shared fixtures (see test/support/*).
export default async function setup(): Promise<void> {}
