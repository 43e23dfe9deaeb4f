export type DashboardEnv = { Variables: { accountId: string } };
