// Only the environment sets it (never a request, never production); what it unlocks is named where read.
export const isTestMode = () => process.env.NYALA_TEST_MODE === "1";
