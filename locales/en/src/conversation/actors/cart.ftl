no-such-line = That line is no longer in your cart.
