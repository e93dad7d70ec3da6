not-found = I cannot find a gift card with the code { $code }. Check the code and try again.
not-on-sale = "{ $name }" is no longer sold as a gift card.
nothing = Choose at least one product for the gift card.
