CREATE INDEX "customer_sessions_created_idx" ON "customer_sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "customer_sessions_seen_idx" ON "customer_sessions" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "rate_limits" USING btree ("reset_at");