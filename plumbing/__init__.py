"""What every app of the platform uses and none owns: the API's error answers and JSON parser,
announcements on channel groups, work to run after the commit and after the response."""
