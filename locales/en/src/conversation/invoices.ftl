unknown = This payment is no longer valid. Go back to the chat to see your order.
expired = Your reservation has expired, so this order cannot be paid now. Go back to the chat to reserve it again.
changed = The amount of this order has changed. Go back to the chat to pay the current order.
