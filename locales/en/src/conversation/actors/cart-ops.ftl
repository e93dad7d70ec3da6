sale-under-way = The payment of this order may already be under way, so I am not changing it. Choose “Confirm and pay” to see how it stands.
unknown-outcome = The booking service did not confirm the operation. Nothing was charged: please try again in a moment.
