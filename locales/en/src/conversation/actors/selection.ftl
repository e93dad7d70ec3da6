unknown = That product is no longer on sale. Please choose another.
not-offered = That product cannot be bought right now (or is only sold together with others).
no-dates = That product has no dates available right now.
not-today = That product is only sold for the day of purchase, and it is not available today.
no-price = There is no price for that date. Please choose another.
