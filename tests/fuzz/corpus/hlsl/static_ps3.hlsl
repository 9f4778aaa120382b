
bool useTint;
int count : register(i2);
float4 tint;
bool other;
float4 main(float4 a : TEXCOORD0) : COLOR
{
    float4 r = a;
    if (useTint) r *= tint; else r += 1;
    if (!other) r.w = 7;
    for (int i = 0; i < count; i++) r.x += i;
    return r;
}
