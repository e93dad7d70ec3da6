no-such-line = Diese Position ist nicht mehr in Ihrem Warenkorb.
