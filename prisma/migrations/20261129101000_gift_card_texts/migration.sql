-- A gift card's one text to its recipient (decision 078) is about a purchase, neither an order nor a cake request.
ALTER TABLE "TextMessage" DROP CONSTRAINT "TextMessage_about_check";
ALTER TABLE "TextMessage"
  ADD CONSTRAINT "TextMessage_about_check"
    CHECK ("orderId" IS NOT NULL OR "cakeRequestId" IS NOT NULL OR "kind" = 'gift-card-delivery');
