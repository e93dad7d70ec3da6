title = Your order
order = Your order
insurance = Insurance: { $name }
