"""Schools and their coaches: a school holds classes; a coach reads every class of a school
(overviews, children's pages, reports, CSV files, the school page) and changes nothing
(docs/dashboards.md, "A school and its coach"). The blueprint is `classroom.schools.views.bp`."""
