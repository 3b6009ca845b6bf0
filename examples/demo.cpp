#include <tessel/tessel.hpp>
int main(){}
