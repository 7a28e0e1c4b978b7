-- What production holds for an option step (decision 090) sums the held lines of one item: read by item, not by
-- scanning every line.
CREATE INDEX "OrderItem_menuItemId_idx" ON "OrderItem"("menuItemId");
