-- Rate-limit budgets shared by every server process (app/utils/rate-limit.server.ts, rate-limiter-flexible's
-- Postgres store). The columns are the ones the library reads and writes: key = "<policy>:<client>",
-- points spent in the window, expire = the window's end in epoch milliseconds.
-- CreateTable
CREATE TABLE "rate_limits" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits"("expire");
