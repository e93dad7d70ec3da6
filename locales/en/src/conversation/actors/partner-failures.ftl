session = The booking service does not accept that session: it is no longer available.
questions = The booking service did not accept one of the answers.
quantity = The booking service does not accept that number of tickets for that day.
date = The booking service does not accept that day for this product.
cart = The booking service did not accept adding it to the cart.
